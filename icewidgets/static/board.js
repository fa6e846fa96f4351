export default {render(){}}
